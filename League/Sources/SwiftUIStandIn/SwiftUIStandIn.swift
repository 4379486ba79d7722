// SPDX-License-Identifier: Apache-2.0
// The names of SwiftUI an app file uses most, for Tests/NameCollisionTests on Linux, where SwiftUI
// does not exist: types of the same names, so that a file importing this, DifferenceKit and
// DiffBenchDiffing shows whether DiffBenchDiffing exports a name that would collide. Not SwiftUI's
// declarations: only their names matter here.

/// SwiftUI's `Section`.
public struct Section<Content> {
    public var content: Content
    public init(_ content: Content) { self.content = content }
}

/// SwiftUI's `List`.
public struct List<Content> {
    public var content: Content
    public init(_ content: Content) { self.content = content }
}

/// SwiftUI's `Text`.
public struct Text: Equatable {
    public var string: String
    public init(_ string: String) { self.string = string }
}

/// SwiftUI's `ForEach`.
public struct ForEach<Data: RandomAccessCollection, Content> {
    public var data: Data
    public var content: (Data.Element) -> Content
    public init(_ data: Data, content: @escaping (Data.Element) -> Content) {
        self.data = data
        self.content = content
    }
}

/// SwiftUI's `Group`.
public struct Group<Content> {
    public var content: Content
    public init(_ content: Content) { self.content = content }
}
