package cli

import (
	"os"

	"github.com/dynexpr/dynexpr/config"
	"github.com/dynexpr/dynexpr/diag"
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
// A schema that names no file is an error with a did-you-mean, at its
// place in the config when the config names it.
func loadSchema(files []string, conf *config.Config, opt schema.Options) (*schema.Schema, error) {
	if len(files) == 0 && conf != nil {
		if err := conf.MissingSchemas(); err != nil {
			return nil, err
		}
		files = conf.Schemas
	}
	if len(files) == 0 {
		return nil, nil
	}
	var errs diag.List
	for _, f := range files {
		if _, err := os.Stat(f); os.IsNotExist(err) {
			errs = append(errs, diag.Errorf(diag.Pos{File: f}, "cannot read the schema file: %s", config.NoSuchPath(f, err)))
		}
	}
	if len(errs) > 0 {
		return nil, errs
	}
	return schema.LoadWith(opt, files...)
}

// project is the config the flags find (--config, else .dynexpr.yaml
// upward) and the schema they name (--schema, else the config's).
func (f statementFlags) project() (*config.Config, *schema.Schema, error) {
	conf, err := findConfig(f.config)
	if err != nil {
		return nil, nil, err
	}
	sch, err := f.schemas.load(conf)
	if err != nil {
		return nil, nil, err
	}
	return conf, sch, nil
}
