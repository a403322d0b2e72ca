resource "aws_dynamodb_table" "orders" {
  name = "Orders"
  hash_key = 
}
