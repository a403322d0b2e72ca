resource "aws_dynamodb_table" "orders" {
  name     = local.orders
  hash_key = "orderId"

  attribute {
    name = "orderId"
    type = "S"
  }
  attribute {
    name = "tenantId"
    type = "S"
  }
  attribute {
    name = "region"
    type = "S"
  }
  attribute {
    name = "createdAt"
    type = "N"
  }

  # A multi-attribute key, as the AWS provider writes it.
  global_secondary_index {
    name            = "by-tenant-region"
    projection_type = "KEYS_ONLY"
    key_schema {
      attribute_name = "tenantId"
      key_type       = "HASH"
    }
    key_schema {
      attribute_name = "region"
      key_type       = "HASH"
    }
    key_schema {
      attribute_name = "createdAt"
      key_type       = "RANGE"
    }
  }

  ttl {
    attribute_name = "expiresAt"
    enabled        = true
  }

  tags = { owner = data.aws_caller_identity.current.account_id } # not read
}

resource "aws_dynamodb_table" "archive" {
  count    = var.with_archive ? 1 : 0
  name     = upper("archive")
  hash_key = "id"
}

resource "aws_s3_bucket" "ignored" {
  bucket = "x"
}
