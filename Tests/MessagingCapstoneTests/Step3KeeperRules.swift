import ChainOfResponsibility
import Foundation
import KataTestSupport
import MessagingCapstone
import MessagingKit
import Testing

// A move: the keeper runs the client's rules, and by default the legacy's one rule
// (`ReconnectHandler()`: reconnect what a chat uses and dropped). The tests give rules of their
// own; the safety net says the default changed nothing.

@Suite("Step 3 — the keeper works through rules (a move)")
struct Step3KeeperRules {
    @Test(
        "The keeper runs the client's own rules, in order, the first that can handle a connection acting: a rule the app adds is asked on every poll [3.1]"
    )
    func keeperRulesAreTheClients() async throws {
        let servers = Servers()
        let seen = Recorder<String>()
        // The app's own rules: one that only looks, then one that retires an unused connection in
        // a single poll, in place of the standard disconnect-then-release.
        let client = ChatClient(
            user: member, network: servers.transport(for:),
            keeperRules: [Looker(seen: seen), RetireAtOnce(), ReconnectHandler()])
        let keeper = await Keeper(client)
        let chat = try await client.open(chatURL)
        let other = try await client.open(supportURL)
        let socket = try servers.socket(to: chatURL)
        try socket.accept()
        chat.close()
        await keeper.poll()
        #expect(
            Set(seen.all) == ["\(chatURL.absoluteString) unused", "\(supportURL.absoluteString) in use"]
                && seen.all.count == 2,
            "The first rule is asked about every connection, once a poll: \(seen.all)")
        #expect(
            socket.status == .disconnected,
            "The app's rule, not the standard one: retired in one poll")
        _ = try await client.open(chatURL)
        #expect(
            servers.sockets(to: chatURL).count == 2,
            "Released by that same poll: the next chat gets a new socket")
        await keeper.poll()
        #expect(seen.all.count == 4, "Asked again on the next poll: \(seen.all)")
        other.close()
        await keeper.stop()
    }

    @Test(
        "The keeper runs the client's rules and no others: the first that can handle a connection acts, and nothing else reconnects it [3.1]",
        arguments: [AppRules.none, .handlesEverythingFirst])
    func onlyTheClientsRules(_ rules: AppRules) async throws {
        let servers = Servers()
        let client = ChatClient(user: member, network: servers.transport(for:), keeperRules: rules.handlers)
        let keeper = await Keeper(client)
        let chat = try await client.open(chatURL)
        let socket = try servers.socket(to: chatURL)
        try socket.accept()
        try socket.drop()
        let attempts = socket.connectAttempts
        await keeper.poll()
        await keeper.poll()
        #expect(
            socket.status == .disconnected && socket.connectAttempts == attempts,
            "\(rules.rawValue): a dropped chat in use is left dropped")
        chat.close()
        await keeper.stop()
    }
}

/// A rule that only looks: it records each connection it is asked about, and handles none.
private struct Looker: KeeperHandler {
    let seen: Recorder<String>

    func canHandle(_ pooled: PooledConnection) -> Bool {
        seen.record("\(pooled.connection.url.absoluteString) \(pooled.isInUse ? "in use" : "unused")")
        return false
    }

    func handle(_ pooled: PooledConnection, in pool: any KeeperPool) async throws {}
}

/// A rule of the app's own: an unused connection is disconnected and released in one poll.
private struct RetireAtOnce: KeeperHandler {
    func canHandle(_ pooled: PooledConnection) -> Bool { !pooled.isInUse }

    func handle(_ pooled: PooledConnection, in pool: any KeeperPool) async throws {
        if [.connecting, .connected].contains(pooled.connection.status) {
            try pooled.connection.disconnect()
        }
        _ = try await pool.releaseIfUnused(pooled.connection)
    }
}
