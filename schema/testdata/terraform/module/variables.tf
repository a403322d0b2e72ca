variable "stage" {
  type = string # no default: terraform.tfvars and x.auto.tfvars decide
}

variable "with_archive" {
  default = false
}

locals {
  prefix = "app-${var.stage}"
  orders = "${local.prefix}-orders"
}
