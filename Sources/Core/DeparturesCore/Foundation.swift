// The project's one Foundation touchpoint. The core's instant is Foundation's `Date`, so every
// module that speaks in instants needs FoundationEssentials (never full Foundation, which would
// bring ICU into the sign); the core re-exports it from here rather than 49 files each
// importing it on their own.
#if canImport(FoundationEssentials)
@_exported public import FoundationEssentials
#else
@_exported public import Foundation
#endif
