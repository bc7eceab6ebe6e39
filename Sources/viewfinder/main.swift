import ViewfinderCommandLine

await ViewfinderCommandLine.main()
