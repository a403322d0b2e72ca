resource "aws_dynamodb_table" "orders" {
  for_each = toset(["a", "b"])
  name     = "orders-${each.key}"
  hash_key = "id"
  attribute {
    name = "id"
    type = "S"
  }
}

resource "aws_dynamodb_table" "copy" {
  name     = "${data.aws_region.current.name}-copy"
  hash_key = local.key
  attribute {
    name = "id"
    type = "S"
  }
}
