// Fuzz target: a message of the link between a sign and its status server, as either side
// decodes it (the other process is not trusted to be well). Bytes that decode must encode
// to bytes that decode to the same message again: what one side sends, the other reads.
import FuzzSupport
import StatusLink

func fuzzOne(_ bytes: [UInt8]) {
    guard let message = try? LinkMessage(decoding: bytes) else { return }
    let encoded = message.encoded()
    guard let again = try? LinkMessage(decoding: encoded) else {
        preconditionFailure("a decoded message's own encoding does not decode: \(encoded)")
    }
    precondition(again.encoded() == encoded, "a message changed on its way round: \(encoded) became \(again.encoded())")
}

#if FUZZING
@_cdecl("LLVMFuzzerTestOneInput") public func fuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    FuzzSupport.run(fuzzOne, data, size)
}
#else
let replayed: Never = FuzzSupport.replayMain(fuzzOne)
#endif
