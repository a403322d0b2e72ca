resource "aws_dynamodb_table" "orders" {
  name      = "Orders"
  range_key = "createdAt"
  attribute {
    name = "createdAt"
    type = "S"
  }
}
