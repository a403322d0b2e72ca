resource "aws_dynamodb_table" "orders" {
  name     = "Orders"
  hash_key = "id"
  attribute {
    name = "id"
    type = "S"
  }
  attribute {
    name = "tenant"
    type = "S"
  }
  global_secondary_index {
    name     = "by-tenant"
    hash_key = "tenant"
  }
  global_secondary_index {
    name            = "by-tenant-region"
    projection_type = "KEYS_ONLY"
    key_schema {
      attribute_name = "tenant"
      key_type       = "PARTITION"
    }
    key_schema {
      attribute_name = "region"
      key_type       = "HASH"
    }
  }
  local_secondary_index {
    name            = "lsi"
    range_key       = "tenant"
    projection_type = "ALL"
  }
}
