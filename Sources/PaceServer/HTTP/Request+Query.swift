import Hummingbird
import PaceAPI

extension Request {
    /// The request's query parameters, read with the API's one grammar (``APIQuery``); its
    /// refusals become `400 request.parameter` in the error middleware.
    var query: APIQuery {
        let parameters = uri.queryParameters
        return APIQuery { parameters.get($0) }
    }
}
