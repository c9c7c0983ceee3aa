/// A row source of the benchmark: one coder, measured on the models it supports.
protocol BenchmarkCoder {
    /// The row name, e.g. `"fastcoding"`, `"JSONEncoder"`.
    var name: String { get }
    /// The Foundation coder this one is compared with, or `nil` for the Foundation peers themselves.
    var peer: String? { get }
    /// The models this coder handles.
    var models: [ModelKind] { get }
    /// The work for `model`: on `dataset` at `scale` (a multiple of the base records) for the
    /// record models, or one small value coded `calls` times per timed repetition.
    func workload(for model: ModelKind, dataset: Dataset, scale: Int, calls: Int) -> Workload
}
