package validate

// LoadTestSchema is loadTestSchema, for the external tests (TestCodeRules,
// which reads code through lint, which imports validate).
var LoadTestSchema = loadTestSchema
