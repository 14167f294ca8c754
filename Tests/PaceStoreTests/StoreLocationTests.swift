import PaceStore
import Testing

@Suite struct StoreLocationTests {
    @Test func explicitPathWins() {
        #expect(StoreLocation.resolve(explicitPath: "/tmp/a.sqlite", environment: ["PACE_STORE": "/tmp/b.sqlite"]) == "/tmp/a.sqlite")
    }

    @Test func environmentVariableComesNext() {
        #expect(StoreLocation.resolve(environment: ["PACE_STORE": "/tmp/b.sqlite", "XDG_DATA_HOME": "/x"]) == "/tmp/b.sqlite")
    }

    @Test func xdgDataHomeIsUsedWhenAbsolute() {
        #expect(StoreLocation.resolve(environment: ["XDG_DATA_HOME": "/data", "HOME": "/home/al"]) == "/data/pace/health.sqlite")
    }

    @Test func homeLocalShareIsTheDefault() {
        #expect(StoreLocation.resolve(environment: ["HOME": "/home/al"]) == "/home/al/.local/share/pace/health.sqlite")
        #expect(StoreLocation.resolve(environment: ["HOME": "/home/al", "XDG_DATA_HOME": "relative/path"]) == "/home/al/.local/share/pace/health.sqlite")
    }
}
