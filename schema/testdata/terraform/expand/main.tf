variable "env" {
  default = "dev"
}

variable "create_audit" {
  type    = bool
  default = false
}

variable "attributes" {
  default = [
    { name = "pk", type = "S" },
    { name = "sk", type = "S" },
    { name = "gsi1pk", type = "S" },
    { name = "gsi1sk", type = "S" },
  ]
}

variable "global_secondary_indexes" {
  default = [
    {
      name            = "gsi1"
      hash_key        = "gsi1pk"
      range_key       = "gsi1sk"
      projection_type = "ALL"
    },
  ]
}

variable "ttl_attribute" {
  default = "expiresAt"
}

resource "aws_dynamodb_table" "app" {
  name         = "${var.env}-app"
  billing_mode = "PAY_PER_REQUEST"
  hash_key     = "pk"
  range_key    = "sk"

  dynamic "attribute" {
    for_each = var.attributes
    content {
      name = attribute.value.name
      type = attribute.value.type
    }
  }

  dynamic "global_secondary_index" {
    for_each = var.global_secondary_indexes
    iterator = gsi
    content {
      name               = gsi.value.name
      hash_key           = gsi.value.hash_key
      range_key          = lookup(gsi.value, "range_key", null)
      projection_type    = gsi.value.projection_type
      non_key_attributes = lookup(gsi.value, "non_key_attributes", null)
    }
  }

  dynamic "ttl" {
    for_each = var.ttl_attribute == null ? [] : [var.ttl_attribute]
    content {
      attribute_name = ttl.value
      enabled        = true
    }
  }
}

resource "aws_dynamodb_table" "audit" {
  count        = var.create_audit ? 1 : 0
  name         = "${var.env}-audit"
  billing_mode = "PAY_PER_REQUEST"
  hash_key     = "id"
  attribute {
    name = "id"
    type = "S"
  }
}

resource "aws_dynamodb_table" "lookup" {
  for_each     = toset(["users", "orgs"])
  name         = "${var.env}-${each.key}-lookup"
  billing_mode = "PAY_PER_REQUEST"
  hash_key     = "key"
  attribute {
    name = "key"
    type = "S"
  }
}

resource "aws_dynamodb_table" "shard" {
  count        = 2
  name         = "${var.env}-shard-${count.index}"
  billing_mode = "PAY_PER_REQUEST"
  hash_key     = "id"
  attribute {
    name = "id"
    type = "S"
  }
}

data "aws_regions" "all" {}

resource "aws_dynamodb_table" "regional" {
  for_each     = data.aws_regions.all.names
  name         = "cache-${each.key}"
  billing_mode = "PAY_PER_REQUEST"
  hash_key     = "id"
  attribute {
    name = "id"
    type = "S"
  }
}

module "history" {
  source   = "terraform-aws-modules/dynamodb-table/aws"
  version  = "4.2.0"
  for_each = toset(["orders", "carts"])

  name     = "${var.env}-${each.key}-history"
  hash_key = "id"
  attributes = [
    { name = "id", type = "S" },
  ]
}
