variable "keys" {
  default = { id = "S" }
}

resource "aws_dynamodb_table" "orders" {
  name     = "Orders"
  hash_key = "id"
  dynamic "attribute" {
    for_each = var.keys
    content {
      name = attribute.key
      type = attribute.value
    }
  }
}
