resource "aws_dynamodb_table" "orders" {
  name     = "orders-${var.stage}"
  hash_key = "id"
  attribute {
    name = "id"
    type = "S"
  }
}
