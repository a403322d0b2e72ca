resource "aws_dynamodb_table" "orders" {
  name     = "orders-${var.stage}" # unresolved, not an error
  hash_key = var.key
  attribute {
    name = "id"
    type = "S"
  }
}
