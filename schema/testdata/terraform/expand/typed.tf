variable "tables" {
  type = map(object({
    hash_key  = string
    range_key = optional(string)
    stream    = optional(bool, false)
  }))
  default = {
    orders = { hash_key = "pk", range_key = "sk" }
    carts  = { hash_key = "cartId" }
  }
}

resource "aws_dynamodb_table" "this" {
  for_each     = var.tables
  name         = "shop-${each.key}"
  billing_mode = "PAY_PER_REQUEST"
  hash_key     = each.value.hash_key
  range_key    = each.value.range_key

  attribute {
    name = each.value.hash_key
    type = "S"
  }

  dynamic "attribute" {
    for_each = each.value.range_key == null ? [] : [each.value.range_key]
    content {
      name = attribute.value
      type = "S"
    }
  }
}
