public func answer() -> Int { 0 }
