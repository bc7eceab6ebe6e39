import PicsumProvider
import ViewfinderCommandLine

// Viewfinder's whole command line, with `type: picsum` added beside the built-in types.
await ViewfinderCommandLine.main(adding: [PicsumFactory()])
