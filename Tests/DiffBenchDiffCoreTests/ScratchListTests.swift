// SPDX-License-Identifier: Apache-2.0
import Testing
import DiffBenchModel
import DiffBenchDiffCore

/// The builder's append-only scratch lists.
@Suite struct ScratchListTests {
    @Test func valuesComeOutInOrderAtTheirCount() {
        var list = ScratchList<ItemPath>(capacity: 8)
        defer { list.deallocate() }
        #expect(list.array.isEmpty)
        for k in 0..<5 { list.append(ItemPath(k / 2, k)) }
        #expect(list.array == (0..<5).map { ItemPath($0 / 2, $0) })
        #expect(list.count == 5)
    }

    @Test func nonTrivialValuesAreCopiedOutAndReleased() {
        var list = ScratchList<String>(capacity: 3)
        for word in ["heap", "allocated", "strings of some length"] { list.append(word + word) }
        let copied = list.array
        list.deallocate()
        #expect(copied == ["heapheap", "allocatedallocated", "strings of some lengthstrings of some length"])
    }
}
