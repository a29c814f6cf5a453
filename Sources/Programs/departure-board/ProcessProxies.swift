#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import HTTPFetch

extension ProxyEnvironment {
    /// This process's proxy variables, read when a command starts and handed down from there.
    static var ofThisProcess: ProxyEnvironment { ProxyEnvironment(ProcessInfo.processInfo.environment) }
}
