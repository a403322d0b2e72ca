variable "stage" {
  default = "dev"
}

resource "aws_dynamodb_table" "orders" {
  name     = upper("orders-${var.stage}") # evaluated: ORDERS-DEV
  hash_key = md5("id")
  attribute {
    name = "id"
    type = "S"
  }
}
