// Command dynexpr turns a compact language of DynamoDB requests into the
// exact JSON that `aws dynamodb ... --cli-input-json` takes, and lints
// requests against the tables' schema. The command line is package cli.
package main

import (
	"os"

	"github.com/dynexpr/dynexpr/internal/cli"
)

func main() { os.Exit(cli.Run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr)) }
