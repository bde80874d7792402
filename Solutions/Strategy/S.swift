public func answer() -> Int { 42 }
