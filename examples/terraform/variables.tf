# The stage the tables are deployed for. prod's tables carry the plain
# names (Tickets, WorkspaceEvents); another stage's carry a suffix:
# dynexpr lint --schema examples/terraform --var stage=dev reads
# WorkspaceEvents-dev.
variable "stage" {
  type    = string
  default = "prod"
}

locals {
  suffix = var.stage == "prod" ? "" : "-${var.stage}"
}
