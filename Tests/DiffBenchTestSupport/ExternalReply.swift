// SPDX-License-Identifier: Apache-2.0
/// What an external differ prints for "reload everything": a changeset file with `reloadData`
/// and the differ's own elapsed time, for tests that run a command as a differ.
///
/// - Complexity: O(1).
public let externalReloadReply = #"{"format":"diffbench-changeset/1","reloadData":true,"elapsed_ns":42}"#
