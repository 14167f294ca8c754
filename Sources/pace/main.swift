import ArgumentParser
import PaceCLI

PaceCommand.main()
