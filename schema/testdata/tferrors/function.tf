variable "stage" {
  default = "dev"
}

resource "aws_dynamodb_table" "orders" {
  name     = upper("orders-${var.stage}")
  hash_key = "id"
  attribute {
    name = "id"
    type = "S"
  }
}
