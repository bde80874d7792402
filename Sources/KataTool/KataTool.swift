@main struct KataTool { static func main() { print("kata") } }
