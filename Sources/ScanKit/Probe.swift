public enum ProbeScanKit {}
