// Command dynexpr turns a compact language of DynamoDB requests into the
// exact JSON that `aws dynamodb ... --cli-input-json` takes, and lints
// requests against the tables' schema.
package main

import "os"

func main() { os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr)) }
