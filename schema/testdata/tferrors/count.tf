variable "copies" {}

resource "aws_dynamodb_table" "orders" {
  count    = var.copies
  name     = "Orders"
  hash_key = "id"
  attribute {
    name = "id"
    type = "S"
  }
}
