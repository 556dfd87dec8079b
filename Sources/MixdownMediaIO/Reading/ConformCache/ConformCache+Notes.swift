internal import MixdownSystem
public import MixdownUnits

extension ConformCache {
    /// The note made from `path`'s audio at `sampleRate` by `processing`, marked
    /// used; nil when there is none, or `path` cannot be read.
    ///
    /// A note is a few bytes found by analysing an input (the speech detector's
    /// findings, say), kept beside the entries so that a later render need not
    /// decode and analyse again. It is a file of the folder like an entry: a
    /// header (no channels; the key; the source) then the bytes, renamed into
    /// place whole, counted in the size cap and evicted with the entries.
    public func note(path: String, sampleRate: SampleRate, processing: String) -> [UInt8]? {
        guard let key = try? Self.key(path: path, sampleRate: sampleRate, processing: processing),
              let file = try? FileDescriptor.open(readingFrom: folder + "/" + key.entryName) else { return nil }
        defer { try? file.close() }
        guard let header = ConformEntry.Header(reading: file), header.channels == 0, header.key == key.text,
              header.sampleRate == sampleRate.hertz, (try? file.size()) == header.size + header.frameCount else { return nil }
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: max(1, Int(header.frameCount)), alignment: 8)
        defer { buffer.deallocate() }
        guard header.frameCount == 0 || (try? file.readAll(into: buffer.baseAddress!, count: Int(header.frameCount), at: header.size)) != nil
        else { return nil }
        try? file.touch()
        return Array(buffer.prefix(Int(header.frameCount)))
    }

    /// Stores `bytes` as the note of `path`'s audio at `sampleRate` made by
    /// `processing` (``note(path:sampleRate:processing:)`` finds it), then evicts
    /// what no longer fits; false when it cannot be written (the folder, a full
    /// disk), which leaves nothing behind and the render as it is.
    @discardableResult
    public func storeNote(_ bytes: [UInt8], path: String, sampleRate: SampleRate, processing: String) -> Bool {
        guard let key = try? Self.key(path: path, sampleRate: sampleRate, processing: processing),
              (try? makeFolders(folder)) != nil else { return false }
        let temporary = folder + "/" + ConformEntry.partialPrefix + key.entryName + ".\(currentProcessID()).\(UInt32.random(in: 0...UInt32.max))"
        guard let file = try? FileDescriptor.create(exclusively: temporary) else { return false }
        let header = ConformEntry.Header(channels: 0, sampleRate: sampleRate.hertz, frameCount: Int64(bytes.count),
                                         key: key.text, sourcePath: path)
        let whole = header.bytes + bytes
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: whole.count, alignment: 8)
        defer { buffer.deallocate() }
        buffer.copyBytes(from: whole)
        let written = (try? file.writeAll(buffer.baseAddress!, count: buffer.count, at: 0)) != nil
        try? file.close()
        guard written, (try? renameFile(temporary, to: folder + "/" + key.entryName)) != nil else {
            unlinkFile(temporary)
            return false
        }
        evict()
        return true
    }
}
