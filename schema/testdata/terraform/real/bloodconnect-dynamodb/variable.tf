variable "table_name" {
  type    = string
  default = "bloodConnect-table"
}

variable "environment" {
  type        = string
  description = "Deployment environment"
}
