package gen

import (
	"github.com/structgen/structgen/gen/config"
	"github.com/structgen/structgen/gen/loc"
)

// The config and position types are those of the config and loc stages;
// gen names them too, so that callers need one import.
type (
	Config       = config.Config
	SchemaEntry  = config.SchemaEntry
	OutputEntry  = config.OutputEntry
	ToolEntry    = config.ToolEntry
	Reserved     = config.Reserved
	NameOverride = config.NameOverride
	URLMapping   = config.URLMapping
	Inline       = config.Inline
	Pos          = loc.Pos
	PosError     = loc.Error
)

// LoadConfig reads a YAML config file and reports every problem in it.
func LoadConfig(file string) (*Config, error) { return config.Load(file) }

// ParseConfig parses a YAML config and reports every problem in it; file
// names it in errors and anchors relative paths.
func ParseConfig(file string, data []byte) (*Config, error) {
	cfg, errs := config.Parse(file, data)
	if len(errs) > 0 {
		return nil, loc.Join(errs)
	}
	return cfg, nil
}
