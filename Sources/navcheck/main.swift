import NavCheck
import NavCheckSpecs

NavCheckCommand.main(specs: BundledSpecs.all)
