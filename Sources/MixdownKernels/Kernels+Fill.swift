extension Kernels {
    /// The loop behind `DSP.fill`, which documents it.
    public static func fill(_ dst: UnsafeMutablePointer<Float>, value: Float, count: Int) {
        guard count > 0 else { return }
        dst.update(repeating: value, count: count)
    }

    /// The loop behind `DSP.copy`, which documents it.
    public static func copy(into dst: UnsafeMutablePointer<Float>, from src: UnsafePointer<Float>, count: Int) {
        guard count > 0 else { return }
        UnsafeMutableRawPointer(dst).copyMemory(from: src, byteCount: count * MemoryLayout<Float>.stride)
    }
}
