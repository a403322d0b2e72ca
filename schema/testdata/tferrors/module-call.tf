variable "gsis" {
  default = [{ name = "by-x", hash_key = "x" }]
}

module "aws" {
  source   = "terraform-aws-modules/dynamodb-table/aws"
  name     = "orders"
  hash_key = var.key
  attributes = [
    { name = "id", type = "string" },
    { name = "x" },
  ]
  global_secondary_indexes = var.gsis
}

module "cp" {
  source = "cloudposse/dynamodb/aws"
  global_secondary_index_map = [
    { hash_key = "x", projection_type = "ALL" },
  ]
}
