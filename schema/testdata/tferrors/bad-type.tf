resource "aws_dynamodb_table" "orders" {
  name     = "Orders"
  hash_key = "id"
  attribute {
    name = "id"
    type = "string"
  }
}
