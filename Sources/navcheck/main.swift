import NavCheckCommand
import NavCheckSpecs

NavCheckCommand.main(specs: BundledSpecs.all)
