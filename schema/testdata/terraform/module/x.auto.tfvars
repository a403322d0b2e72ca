stage = "test" # loaded after terraform.tfvars, so it wins
