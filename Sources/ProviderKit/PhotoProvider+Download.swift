extension PhotoProvider {
    /// By default a source asks for no report.
    public func reportDownload(of photo: Photo) async throws {}
}
