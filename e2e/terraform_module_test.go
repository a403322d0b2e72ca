//go:build e2e

package e2e

import (
	"os"
	"path/filepath"
	"testing"
)

// tfModuleFiles is a Terraform folder as teams write one: a table named
// from a variable that terraform.tfvars sets and a local built on it, and a
// table made by a call of terraform-aws-modules/dynamodb-table/aws, named
// from terraform.workspace.
var tfModuleFiles = map[string]string{
	"variables.tf": `variable "environment" {
  type = string
}
`,
	"terraform.tfvars": `environment = "qa"
`,
	"main.tf": `locals {
  app = "shop-${var.environment}"
}

resource "aws_dynamodb_table" "orders" {
  name         = "${local.app}-orders"
  billing_mode = "PAY_PER_REQUEST"
  hash_key     = "customer"
  range_key    = "orderedAt"

  attribute {
    name = "customer"
    type = "S"
  }
  attribute {
    name = "orderedAt"
    type = "S"
  }
  attribute {
    name = "status"
    type = "S"
  }

  global_secondary_index {
    name            = "by-status"
    hash_key        = "status"
    range_key       = "orderedAt"
    projection_type = "KEYS_ONLY"
  }
}

module "sessions" {
  source  = "terraform-aws-modules/dynamodb-table/aws"
  version = "5.5.0"

  name     = upper("${terraform.workspace}-sessions")
  hash_key = "token"
  attributes = [
    { name = "token", type = "S" },
    { name = "user", type = "S" },
  ]
  global_secondary_indexes = {
    by-user = {
      hash_key        = "user"
      projection_type = "ALL"
    }
  }
  ttl_enabled        = true
  ttl_attribute_name = "expires"
}
`,
	"q.dx": `put_order: put shop-qa-orders item {
  customer: "c-7", orderedAt: "2026-12-01T10:00:00Z", status: "PAID", total: 42
};
put_session: put DEFAULT-SESSIONS item { token: "t-1", user: "c-7", expires: 1799999999 };
paid: query shop-qa-orders index by-status key status = "PAID";
sessions_of: query DEFAULT-SESSIONS index by-user key user = "c-7";
`,
}

// TestTerraformModuleSource: the tables of a Terraform folder with
// variables, a tfvars file and a module call are created on dynoxide from
// `dynexpr schema --create-table FOLDER`; statements linted against the
// folder are clean, and DynamoDB (dynoxide) accepts them and answers them
// from the indexes the folder declares.
func TestTerraformModuleSource(t *testing.T) {
	cli, srv := AWSv2(t), dynoxide(t)
	dir := t.TempDir()
	for name, text := range tfModuleFiles {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	dx := filepath.Join(dir, "q.dx")
	if r := Dynexpr(t, "", "lint", "--schema", dir, dx); r.Exit != 0 {
		t.Fatalf("dynexpr lint --schema %s: exit %d\n%s%s", dir, r.Exit, r.Stdout, r.Stderr)
	}
	stmt := func(label string) BuiltStatement {
		t.Helper()
		return buildStatement(t, "--schema", dir, "-f", dx, "--statement", label)
	}
	s := newScenario(t, srv, cli, "scenario/schema-sources", dir)
	s.mustAccept("put_order", stmt("put_order"))
	s.mustAccept("put_session", stmt("put_session"))
	s.mustReturn("paid", "orders by status (keys only)", stmt("paid"),
		`[{"customer":{"S":"c-7"},"orderedAt":{"S":"2026-12-01T10:00:00Z"},"status":{"S":"PAID"}}]`)
	s.mustReturn("sessions_of", "sessions of a user (all)", stmt("sessions_of"),
		`[{"token":{"S":"t-1"},"user":{"S":"c-7"},"expires":{"N":"1799999999"}}]`)
}
