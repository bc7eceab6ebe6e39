import Foundation
import ProviderKit
import ProviderTesting
import Testing

@Suite("Paths from the configuration")
struct ProviderContextTests {
    let context = ProviderContext(
        http: CurlHTTPClient(userAgent: "test"), logger: CapturingLogHandler.logger(.init()),
        cacheDirectory: URL(fileURLWithPath: "/tmp/cache"), baseDirectory: URL(fileURLWithPath: "/etc/viewfinder"))

    @Test("`~/` is $HOME, as in a shell (not the password file's home); relative paths are below the file's folder")
    func tilde() {
        #expect(context.resolvePath("~/Pictures", home: "/work/home").path == "/work/home/Pictures")
        #expect(context.resolvePath("~", home: "/work/home").path == "/work/home")
        #expect(context.resolvePath("photos/../trips", home: "/work/home").path == "/etc/viewfinder/trips")
        #expect(context.resolvePath("/srv/photos", home: "/work/home").path == "/srv/photos")
        // A relative $HOME is no home: the tilde is expanded as the system does.
        #expect(context.resolvePath("~/x", home: "relative").path == NSString(string: "~/x").expandingTildeInPath)
    }
}
