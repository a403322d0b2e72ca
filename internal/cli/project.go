package cli

import (
	"github.com/dynexpr/dynexpr/config"
	"github.com/dynexpr/dynexpr/schema"
)

// findConfig reads the --config file, or else the .dynexpr.yaml found from
// the working folder upward; nil when there is none.
func findConfig(path string) (*config.Config, error) {
	if path != "" {
		return config.Load(path)
	}
	return config.Find(".")
}

// loadSchema reads the --schema files, or else the config's schemas; nil
// when there are none.
func loadSchema(files []string, conf *config.Config) (*schema.Schema, error) {
	if len(files) == 0 && conf != nil {
		files = conf.Schemas
	}
	if len(files) == 0 {
		return nil, nil
	}
	return schema.Load(files...)
}
