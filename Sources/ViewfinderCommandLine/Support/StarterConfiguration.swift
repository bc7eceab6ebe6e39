import Foundation
import ServiceBus

/// The configuration Viewfinder starts from: written, with a comment on every line, by
/// `viewfinder config init`, and used as it is when no configuration file is found (the built-in
/// default). The keyless web sources, the user's pictures folder when there is one, and the keyed
/// sites reading their keys from the environment (skipped, with the variable to set, until then).
enum StarterConfiguration {
    /// How messages name the built-in default in place of a file.
    static let builtInName = "built-in default"

    /// The configuration used when no file is found; `environment` gives the pictures folder
    /// and the keys.
    static func builtIn(environment: [String: String] = ProcessInfo.processInfo.environment) throws -> Configuration {
        let pictures = UserFolders.pictures(environment: environment)
        let loader = ConfigurationLoader(
            registry: ProviderFactories.registry, environment: environment, places: Setup.places)
        do {
            return try loader.load(
                yaml: text(picturesFolder: pictures.map { quoted($0.path) }), file: builtInName,
                baseDirectory: UserFolders.home(environment))
        } catch {
            throw CommandFailure(
                message: "the built-in default configuration is invalid\n\(error.description)",
                exitCode: ExitCodes.configuration)
        }
    }

    /// The text `config init` writes: the pictures folder as `${HOME}/…` when it is below the home
    /// folder, so the file still fits when the home folder moves.
    static func fileText(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        let pictures = UserFolders.pictures(environment: environment).map { folder -> String in
            let home = UserFolders.home(environment).standardizedFileURL.path
            let path = folder.standardizedFileURL.path
            guard path.hasPrefix(home + "/") else { return quoted(path) }
            return "\"${HOME}/" + escaped(String(path.dropFirst(home.count + 1))) + "\""
        }
        return text(picturesFolder: pictures)
    }

    /// `path` as a double-quoted YAML scalar that no `${…}` in it can change.
    static func quoted(_ path: String) -> String { "\"" + escaped(path) + "\"" }

    private static func escaped(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": result += "\\\\"
            case "\"": result += "\\\""
            case "$": result += "$$"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                result += String(format: "\\x%02X", scalar.value)
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// The starter text; `picturesFolder` is the local folder's `path:` value (a YAML scalar), or
    /// `nil` to leave a commented-out example in its place.
    static func text(picturesFolder: String?) -> String {
        let folder: String
        if let picturesFolder {
            folder = """
                  pictures:
                    type: local-folder       # photos on this machine, found by their metadata and names
                    path: \(picturesFolder)
                    recursive: true          # search sub-folders too (default)

                """
        } else {
            folder = """
                  # pictures:
                  #   type: local-folder     # photos on this machine, found by their metadata and names
                  #   path: ~/Pictures       # relative paths resolve against this file's folder
                  #   recursive: true        # search sub-folders too (default)

                """
        }
        return """
            # Viewfinder's configuration. Every provider instance below has a name (what --provider
            # takes) and a `type`; lines starting with `#` are options at their default values.
            # Keys are read from the environment (`${VAR}`): an instance whose key is not set is
            # skipped with a note. Check this file with `viewfinder config check`.
            search:
              limit: 30                # results in the merged list
              timeout: 10s             # deadline for the whole search: 250ms, 10s, 2m

            providers:
            \(folder)
              openverse:
                type: openverse          # openly licensed images from Flickr, Commons and more, no key needed
                timeout: 8s              # per provider (every instance takes timeout, weight, max_results, enabled)
                # page_size: 20          # results per request, 1-20
                # license_type: commercial   # only images allowing this use; any when unset
                # source: flickr,wikimedia   # only these sources; all when unset
                # mature: false          # include results marked mature

              commons:
                type: commons            # Wikimedia Commons, no key needed
                timeout: 8s
                # contact: you@example.org   # added to the User-Agent, as Wikimedia asks of busy users
                # language: de           # language of descriptions and licence names; English when unset
                # page_size: 50          # files per request, 1-50
                # thumbnail_width: 330   # preview width in pixels, 20-3840
                # popular_category: Category:Featured_pictures_on_Wikimedia_Commons   # what `popular` lists

              unsplash:
                type: unsplash           # free photos; a free access key at unsplash.com/developers
                access_key: ${UNSPLASH_ACCESS_KEY}
                # per_page: 30           # results per request, 1-30
                # content_filter: low    # low or high (stricter)
                # orientation: landscape # landscape, portrait or squarish; any when unset

              pexels:
                type: pexels             # free stock photos; a free key at pexels.com/api
                api_key: ${PEXELS_API_KEY}
                # per_page: 80           # results per request, 1-80

              pixabay:
                type: pixabay            # free photos; a free key with a pixabay.com account
                api_key: ${PIXABAY_API_KEY}
                # per_page: 200          # results per request, 3-200
                # image_type: photo      # photo, illustration, vector or all
                # order: popular         # popular or latest
                # safesearch: true       # only images suitable for all ages
                # lang: en               # the language the search words are in

              flickr:
                type: flickr             # Flickr search; a key at flickr.com/services/apps/create
                api_key: ${FLICKR_API_KEY}
                # sort: relevance        # relevance, interestingness-desc, date-posted-desc, ...
                # safe_search: 1         # 1 safe, 2 moderate, 3 restricted
                # license: [4, 9, 10]    # Flickr licence ids; any when unset
                # per_page: 100          # results per request, 1-500

              500px:
                type: 500px              # 500px feeds; needs a consumer key (closed to new keys since 2018)
                consumer_key: ${FIVEHUNDREDPX_CONSUMER_KEY}
                # feature: popular       # the feed `popular` lists
                # sort: rating           # the feed's order
                # rpp: 100               # results per request, 1-100
                # exclude: [Nude]        # categories left out
                # include_nsfw: false    # keep photos marked NSFW

              # my-plugin:
              #   type: exec             # any program speaking the plugin protocol (docs/PLUGINS.md)
              #   command: [/usr/local/bin/my-plugin, --fast]   # run directly, no shell
              #   env: {PLUGIN_TOKEN: "${PLUGIN_TOKEN}"}        # extra environment for the program

            """
    }
}
