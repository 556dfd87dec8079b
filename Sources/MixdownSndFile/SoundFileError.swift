/// What libsndfile said when it refused to open a `SoundFile`.
package struct SoundFileError: Error, Equatable {
    /// libsndfile's message (`sf_strerror`).
    package let message: String

    /// The error libsndfile reported as `message`.
    package init(message: String) {
        self.message = message
    }
}
