package cli

import (
	"fmt"

	"github.com/dynexpr/dynexpr/builder"
	"github.com/dynexpr/dynexpr/config"
	"github.com/spf13/cobra"
)

// registerAWSCLI adds --aws-cli, for the commands that write or read
// request JSON: the two CLIs read its binary values differently.
func registerAWSCLI(e *env, cmd *cobra.Command, v *string) {
	cmd.Flags().StringVar(v, "aws-cli", "", "the `VERSION` of the AWS CLI the request JSON is for: v1 or v2, which read binary values differently (default: aws_cli in .dynexpr.yaml, else v2)")
	e.completeFlag(cmd, "aws-cli", completeWords(awsCLIVersions...))
}

// awsCLI is the CLI the flag names, or else the config's (v2 without
// either).
func awsCLI(flag string, conf *config.Config) (builder.AWSCLI, error) {
	if flag == "" {
		if conf != nil {
			return conf.AWSCLI, nil
		}
		return builder.CLIv2, nil
	}
	if c, err := builder.ParseAWSCLI(flag); err == nil {
		return c, nil
	}
	return builder.CLIv2, fmt.Errorf("--aws-cli %q: choose v1 or v2", flag)
}
