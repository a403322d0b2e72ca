package cli

import (
	"github.com/spf13/cobra"
)

// registerAWSCLI adds --aws-cli, for the commands that write or read
// request JSON: the two CLIs read its binary values differently.
func registerAWSCLI(e *env, cmd *cobra.Command, v *string) {
	cmd.Flags().StringVar(v, "aws-cli", "", "the `VERSION` of the AWS CLI the request JSON is for: v1 or v2, which read binary values differently (default: aws_cli in .dynexpr.yaml, else v2)")
	e.completeFlag(cmd, "aws-cli", completeWords(awsCLIVersions...))
}
