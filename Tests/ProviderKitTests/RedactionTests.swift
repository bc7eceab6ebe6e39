import Foundation
import ProviderKit
import Testing

@Suite("Redaction and retry arithmetic")
struct RedactionTests {
    @Test("every secret query parameter is hidden; the rest of the URL stays readable")
    func redactsSecrets() {
        let url = URL(
            string:
                "https://api.example.com/rest/?method=search&api_key=abc123&Token=t0k&text=harbour%20light&consumer_key=ck&key=k&secret=s&sig=mine"
        )!
        #expect(
            Redaction.redact(url, secretNames: ["sig"])
                == "https://api.example.com/rest/?method=search&api_key=***&Token=***&text=harbour%20light&consumer_key=***&key=***&secret=***&sig=***"
        )
        #expect(Redaction.redact(URL(string: "https://a.example/p?q=1")!) == "https://a.example/p?q=1")
        #expect(Redaction.redact(URL(string: "https://user:pw@a.example/p")!) == "https://***@a.example/p")
        #expect(HTTPRequest(url: url).redactedDescription.contains("abc123") == false)
    }

    @Test("secret headers are hidden by name, in any letter case")
    func redactsHeaders() {
        #expect(Redaction.redactHeader(name: "Authorization", value: "Bearer x") == "***")
        #expect(Redaction.redactHeader(name: "X-Api-Key", value: "x") == "***")
        #expect(Redaction.redactHeader(name: "X-Signature", value: "x", secretNames: ["x-signature"]) == "***")
        #expect(Redaction.redactHeader(name: "Accept", value: "application/json") == "application/json")
    }

    @Test("backoff doubles from the base delay with jitter, is capped, and stops at the attempt limit")
    func backoff() {
        let policy = RetryPolicy(
            maxAttempts: 4, baseDelay: .milliseconds(100), maxDelay: .milliseconds(300), maxRetryAfter: .seconds(5))
        #expect(policy.delay(after: 1, retryAfter: nil, jitter: 1) == .milliseconds(100))
        #expect(policy.delay(after: 1, retryAfter: nil, jitter: 0) == .milliseconds(50))
        #expect(policy.delay(after: 2, retryAfter: nil, jitter: 1) == .milliseconds(200))
        #expect(policy.delay(after: 3, retryAfter: nil, jitter: 1) == .milliseconds(300))
        #expect(policy.delay(after: 4, retryAfter: nil, jitter: 1) == nil)
    }

    @Test("Retry-After is read as seconds or an HTTP date, and honoured only up to the cap")
    func retryAfter() {
        let policy = RetryPolicy.default
        let now = Date(timeIntervalSince1970: 1_445_412_470)  // Wed, 21 Oct 2015 07:27:50 GMT
        #expect(policy.delay(after: 1, retryAfter: "3", now: now, jitter: 0.5) == .seconds(3))
        #expect(
            policy.delay(after: 1, retryAfter: "Wed, 21 Oct 2015 07:28:00 GMT", now: now, jitter: 0.5) == .seconds(10))
        #expect(policy.delay(after: 1, retryAfter: "11", now: now, jitter: 0.5) == nil)
        #expect(RetryPolicy.parseRetryAfter("soon") == nil)
        #expect(RetryPolicy.isRetryable(status: 429) && RetryPolicy.isRetryable(status: 503))
        #expect(!RetryPolicy.isRetryable(status: 404) && !RetryPolicy.isRetryable(status: 200))
    }
}

@Suite("Redaction of secrets in every encoding")
struct SecretEncodingTests {
    let secret = "SECRET/500+XYZ=="

    @Test("raw, percent-encoded in either hex case or twice, form-encoded and JSON-escaped forms are all hidden")
    func everyForm() {
        let forms = [
            "SECRET/500+XYZ==", "SECRET%2F500%2BXYZ%3D%3D",
            "SECRET%2f500%2bxyz%3d%3d".replacingOccurrences(
                of: "xyz", with: "XYZ"), "SECRET%252F500%252BXYZ%253D%253D", "SECRET/500 XYZ==", #"SECRET\/500+XYZ=="#,
            #"SECRET\u002F500\u002BXYZ\u003D\u003D"#, "SECRET/500%2BXYZ%3d=",
        ]
        for form in forms {
            let text = "GET /rest/?api_key=\(form)&q=1 HTTP/1.1 and \"\(form)\" again"
            #expect(Redaction.contains(text, secret: secret), "\(form)")
            let redacted = Redaction.redact(text, secrets: [secret])
            #expect(!Redaction.contains(redacted, secret: secret), "\(redacted)")
            #expect(!redacted.contains("XYZ"), "\(redacted)")
            #expect(redacted.contains("&q=1 HTTP/1.1"))
        }
        #expect(!Redaction.contains("SECRET/500+XY", secret: secret))
        #expect(Redaction.redact("a secret of 3: abc abc", secrets: ["abc"]) == "a secret of 3: abc abc")
    }

    @Test("a secret echoed in another letter case is hidden too, also when escaped")
    func otherLetterCase() {
        let secret = "a1B2c3D4e5F6/x"
        for form in [
            "A1B2C3D4E5F6/X", "a1b2c3d4e5f6/x", "A1b2C3d4E5f6%2FX", "%41%31b2c3d4e5f6\\/x", "a1&#66;2c3d4e5f6/X",
        ] {
            let text = "Invalid key \(form) given"
            #expect(Redaction.contains(text, secret: secret), "\(form)")
            #expect(Redaction.redact(text, secrets: [secret]) == "Invalid key *** given", "\(form)")
        }
        #expect(
            Redaction.redact("Invalid key a1B2c3D4e5F6-x given", secrets: [secret])
                == "Invalid key a1B2c3D4e5F6-x given")
    }

    @Test("HTML-escaped forms (named, decimal and hex references) are hidden too")
    func htmlForms() {
        let secret = "SECRET&<500>+XYZ=="
        for form in [
            "SECRET&amp;&lt;500&gt;+XYZ==", "SECRET&#38;&#60;500&#62;&#43;XYZ&#61;&#61;",
            "SECRET&#x26;&LT;500&#x3E;%2BXYZ==",
        ] {
            let text = "<p>Invalid key \(form) given</p>"
            #expect(Redaction.contains(text, secret: secret), "\(form)")
            #expect(Redaction.redact(text, secrets: [secret]) == "<p>Invalid key *** given</p>")
        }
        #expect(Redaction.redact("fish &amp; chips", secrets: [secret]) == "fish &amp; chips")
        // A secret whose first character is escaped: the scan must start at the `&`.
        #expect(Redaction.redact("key &lt;500&gt;XYZ== sent", secrets: ["<500>XYZ=="]) == "key *** sent")
    }

    @Test("secret query parameters in echoed text lose their values, whatever the encoding")
    func queryParametersInText() {
        let text = #"<p>GET /x?q=sea&API_KEY=abc%2Fdef&token=t0k "consumer_key%3Dzz" monkey=ok</p>"#
        #expect(
            Redaction.redactQueryParameters(in: text)
                == #"<p>GET /x?q=sea&API_KEY=***&token=*** "consumer_key%3D***" monkey=ok</p>"#)
        // Only the encoded form, no `=` anywhere; and a name given by the caller.
        #expect(Redaction.redactQueryParameters(in: "sent apikey%3d12345 twice") == "sent apikey%3d*** twice")
        #expect(
            Redaction.redactQueryParameters(in: "a=1&sig=abc&b=2", secretNames: ["SIG"]) == "a=1&sig=***&b=2")
        #expect(Redaction.redactQueryParameters(in: "Harbor at dawn") == "Harbor at dawn")
    }

    @Test("a Redactor never shows its secrets when printed or dumped")
    func redactorHidesItself() {
        let redactor = Redactor(secrets: [secret])
        #expect(!"\(redactor)".contains("SECRET"))
        #expect(!String(reflecting: redactor).contains("SECRET"))
        var dumped = ""
        dump(redactor, to: &dumped)
        #expect(!dumped.contains("SECRET"))
        let request = HTTPRequest(url: URL(string: "https://e.example/p?api_key=SECRET%2F500%2BXYZ%3D%3D")!)
        #expect(request.redactor.redact("echo: SECRET/500+XYZ==") == "echo: ***")
    }

    @Test("absurd Retry-After values are read without trapping and never honoured")
    func absurdRetryAfter() {
        #expect(RetryPolicy.parseRetryAfter("99999999999999999999999999") != nil)
        #expect(RetryPolicy.default.delay(after: 1, retryAfter: "99999999999999999999999999", jitter: 0) == nil)
        #expect(RetryPolicy.default.delay(after: 1, retryAfter: "Fri, 31 Dec 9999 23:59:59 GMT", jitter: 0) == nil)
        #expect(RetryPolicy.isRetryable(status: 408) && !RetryPolicy.isRetryable(status: 400))
    }

    @Test("the user info of every URL in a text is hidden; the rest of the text stays as it was")
    func userInfoInText() {
        let text = "“Harbour” by Ann (https://ann:hunter2@example.org/x) and http://tok@e.org, mail a@b.org"
        #expect(
            Redaction.redactUserInfo(in: text)
                == "“Harbour” by Ann (https://***@example.org/x) and http://***@e.org, mail a@b.org")
        #expect(Redaction.redactUserInfo(in: "https://example.org/a@b") == "https://example.org/a@b")
    }

    @Test("a key spelled with invisible characters between its letters is hidden, as a terminal would show it")
    func invisibleCharactersInsideAKey() {
        let key = "PexelsSecretKey0123456789"
        let spaced = key.map { String($0) }.joined(separator: "\u{200B}")
        #expect(Redaction.redact("error: \(spaced) rejected", secrets: [key]) == "error: *** rejected")
        let marked = "Pexels\u{00AD}Secret\u{2060}\u{FEFF}Key0123456789"
        #expect(Redaction.redact("[\(marked)]", secrets: [key]) == "[***]")
        // Tag characters, variation selectors, the grapheme joiner, U+FFF9: all draw nothing in JSON or a page.
        let tagged = "Pexels\u{E0041}\u{E0020}Secret\u{FE0F}\u{034F}Key\u{E0101}0123\u{FFF9}456789"
        #expect(Redaction.redact("[\(tagged)]", secrets: [key]) == "[***]")
    }

    @Test(
        "a key with a character inserted that cleaning removes or replaces is hidden, raw, as cleaned and escaped",
        arguments: [
            "\u{202E}", "\n", "\t", "\u{0}", "\u{1B}", "\u{0301}", "\u{2069}", "\r\n", "\u{1160}", "\u{115F}",
            "\u{3164}", "\u{FFA0}", "\u{2065}", "\u{E0080}", "\u{2800}",
        ])
    func insertedCharacter(_ inserted: String) {
        let key = "PexelsSecretKey0123456789"
        let echoed = "Pexels" + inserted + "SecretKey0123456789"
        // What the terminal shows for it (controls as U+FFFD, line breaks and tabs as spaces), what
        // a JSON encoder and a URL write for it, and the character itself.
        let shown = [
            echoed, "Pexels\u{FFFD}SecretKey0123456789", "Pexels SecretKey0123456789",
            "Pexels" + inserted.utf16.map { String(format: "\\u%04x", $0) }.joined()
                + "SecretKey0123456789",
            "Pexels" + inserted.utf8.map { String(format: "%%%02X", $0) }.joined() + "SecretKey0123456789",
            "Pexels" + inserted.unicodeScalars.map { "&#\($0.value);" }.joined() + "SecretKey0123456789",
        ]
        for text in shown {
            #expect(Redaction.redact("error: \(text) rejected", secrets: [key]) == "error: *** rejected", "\(text)")
        }
        #expect(Redaction.redact("error: Pexels\\nSecretKey0123456789", secrets: [key]) == "error: ***")
    }

    @Test("a key whose `+` was form-encoded as a space and then percent-encoded is hidden, and the reverse")
    func plusAsSpaceThenPercentEncoded() {
        #expect(Redaction.redact("echo s3cr3t%2FK%20y%3Dabc!", secrets: ["s3cr3t/K+y=abc"]) == "echo ***!")
        #expect(Redaction.redact("echo s3cr3t%252FK%2520y%253Dabc!", secrets: ["s3cr3t/K+y=abc"]) == "echo ***!")
        #expect(Redaction.redact("echo s3cr3t/K%2By=abc!", secrets: ["s3cr3t/K y=abc"]) == "echo ***!")
        // A `+` in the key still matches the `+` or space it stands for before any gap is skipped.
        #expect(Redaction.redact("[ab+cd12] [ab cd12]", secrets: ["ab+cd12"]) == "[***] [***]")
        // Letters are not gaps: a different key in the same place stays.
        #expect(Redaction.redact("s3cr3t/K+z=abc", secrets: ["s3cr3t/K+y=abc"]) == "s3cr3t/K+z=abc")
    }
}
