resource "aws_dynamodb_table" "orders" {
  name      = "Orders"
  hash_kye  = "id"
  range_key = "at"
  attribute {
    name = "id"
    type = "S"
  }
  attribute {
    name = "at"
    tpye = "N"
  }
  global_secondary_index {
    name            = "by-at"
    hash_key        = "at"
    projection_typ  = "ALL"
  }
}
