# The support desk's tables and the workspace audit log, as a Terraform
# module: dynexpr reads the aws_dynamodb_table resources of every *.tf file
# in the folder (--schema examples/terraform) and leaves the rest alone.

terraform {
  required_providers {
    aws = { source = "hashicorp/aws" }
  }
}

# Only open tickets carry openBucket, so open-tickets-index is sparse.
resource "aws_dynamodb_table" "tickets" {
  name         = "Tickets"
  billing_mode = "PAY_PER_REQUEST"
  hash_key     = "id"

  attribute {
    name = "id"
    type = "S"
  }
  attribute {
    name = "openBucket"
    type = "S"
  }
  attribute {
    name = "openedAt"
    type = "S"
  }

  global_secondary_index {
    name               = "open-tickets-index"
    hash_key           = "openBucket"
    range_key          = "openedAt"
    projection_type    = "INCLUDE"
    non_key_attributes = ["subject", "priority"]
  }
}

# The same tickets, per customer.
resource "aws_dynamodb_table" "tickets_by_customer" {
  name         = "TicketsByCustomer"
  billing_mode = "PAY_PER_REQUEST"
  hash_key     = "customerId"
  range_key    = "id"

  attribute {
    name = "customerId"
    type = "S"
  }
  attribute {
    name = "id"
    type = "S"
  }
  attribute {
    name = "openedAt"
    type = "S"
  }

  local_secondary_index {
    name               = "by-opened"
    range_key          = "openedAt"
    projection_type    = "INCLUDE"
    non_key_attributes = ["subject"]
  }
}

# One table for a workspace's events; ByActor re-keys them by actor. Its
# name is a template: WorkspaceEvents at stage prod (variables.tf).
resource "aws_dynamodb_table" "events" {
  name         = "WorkspaceEvents${local.suffix}"
  billing_mode = "PAY_PER_REQUEST"
  hash_key     = "EventPK"
  range_key    = "EventSK"

  attribute {
    name = "EventPK"
    type = "S"
  }
  attribute {
    name = "EventSK"
    type = "S"
  }
  attribute {
    name = "GSI1PK"
    type = "S"
  }
  attribute {
    name = "GSI1SK"
    type = "S"
  }

  global_secondary_index {
    name            = "ByActor"
    hash_key        = "GSI1PK"
    range_key       = "GSI1SK"
    projection_type = "ALL"
  }

  # Events expire: DynamoDB deletes an item some time after expiresAt,
  # which holds epoch seconds.
  ttl {
    attribute_name = "expiresAt"
    enabled        = true
  }

  point_in_time_recovery {
    enabled = var.stage == "prod"
  }
}
