import NavCheck
